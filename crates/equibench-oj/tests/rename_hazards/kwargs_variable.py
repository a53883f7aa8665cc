# hazard: f(**kw) passes parameters by the names held in a dict
# expect: refuse ** keyword arguments
# unchecked: differs
# input: 2 9
def span(lo, hi):
    return hi - lo
values = list(map(int, input().split()))
kw = dict(zip(['lo', 'hi'], values))
print(span(**kw))
