# hazard: faulthandler prints the names of the functions on the stack
# expect: refuse import faulthandler
# unchecked: differs
# input: 3
import faulthandler
import os


def compute(x):
    read_end, write_end = os.pipe()
    faulthandler.dump_traceback(write_end, all_threads=False)
    os.close(write_end)
    frames = os.read(read_end, 4096).decode().splitlines()[1:]
    print([line.split(' in ')[-1] for line in frames])
    return x * 2


print(compute(int(input())))
