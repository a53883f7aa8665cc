# hazard: a lambda's repr shows the qualified name of the function it is made in
# expect: rename
# keeps: main
# renames: n
# unchecked: differs
# input: 4
def main():
    n = int(input())
    table = {'inc': lambda v: v + 1}
    print(table['inc'](n), repr(table['inc']).split(' at ')[0])
main()
