# hazard: threading.excepthook receives an uncaught exception of a thread ("cannot access local
# variable 'count'") and prints it; the program still exits 0
# expect: refuse excepthook
# unchecked: differs
# input: 3
import threading


def hook(args):
    print('error:', args.exc_value)


threading.excepthook = hook


def work():
    count = count + 1


worker = threading.Thread(target=work)
worker.start()
worker.join()
print(int(input()))
