# control: a comprehension variable shadowing an outer variable of the same name
# expect: rename
# renames: x squares
# unchecked: same
# input: 5
x = int(input())
squares = [x * x for x in range(x)]
print(x, squares, sum(x for x in squares if x % 2))
