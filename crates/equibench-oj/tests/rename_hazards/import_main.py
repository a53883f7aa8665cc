# hazard: `import Main` runs the program again as a module whose globals are attributes
# (Main.total), which renaming does not follow
# expect: refuse import Main
# unchecked: differs
# input: 3
total = 7
import Main
print(Main.total)
