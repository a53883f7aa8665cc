# hazard: with sys.stderr replaced, the uncaught exception of a thread ("cannot access local
# variable 'count'") is written where the program can print it, and the program exits 0
# expect: refuse sys.stderr replaced
# unchecked: differs
# input: 3
import io
import sys
import threading
sys.stderr = io.StringIO()


def work():
    count = count + 1


worker = threading.Thread(target=work, name='worker')
worker.start()
worker.join()
print(sys.stderr.getvalue().splitlines()[-1], int(input()))
