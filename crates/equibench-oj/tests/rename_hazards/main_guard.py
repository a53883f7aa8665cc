# control: the `if __name__ == "__main__":` guard reads __name__ and '__main__' without reaching
# any namespace, so it is renamed
# expect: rename
# renames: main total
# unchecked: same
# input: 5


def main():
    total = int(input())
    print(total * 2)


if __name__ == '__main__':
    main()
