# control: nested functions sharing a variable through nonlocal
# expect: rename
# renames: tally count bump
# unchecked: same
# input: 4
# input: 0
def tally(n):
    count = 0
    def bump(by):
        nonlocal count
        count += by
    for i in range(n):
        bump(i)
    return count
print(tally(int(input())))
