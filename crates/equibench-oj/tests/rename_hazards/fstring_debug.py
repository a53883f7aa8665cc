# hazard: f"{x=}" prints the expression's source text; the renamed text would keep the old name
# expect: refuse f-string "=" specifier
# unchecked: same
# input: 5
x = int(input())
print(f"{x=}", f"{x * 2 = }")
