# hazard: asyncio.gather(..., return_exceptions=True) returns an exception object ("cannot
# access local variable 'total'") as a result
# expect: refuse import asyncio
# unchecked: differs
# input: 0
import asyncio


async def compute(x):
    if x > 0:
        total = x
    return total


async def main(n):
    results = await asyncio.gather(compute(n), return_exceptions=True)
    print('error:', results[0])


asyncio.run(main(int(input())))
