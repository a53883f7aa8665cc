# hazard: private attributes are stored under _ClassName__attr, so the class name is in the data
# expect: rename
# keeps: Vault
# renames: n
# unchecked: differs
# input: 4
class Vault:
    def __init__(self, v):
        self.__secret = v
    def __repr__(self):
        return 'vault'
n = int(input())
print(getattr(Vault(n), '_Vault__secret'))
