# read input
numbers = input().split()
A = int(numbers[0])
B = int(numbers[1])
M = int(numbers[2])

# reduce everything modulo M
A = A % M
B = B % M

# extended euclid on (A, M)
old_remainder = A
remainder = M
old_coef = 1
coef = 0
while remainder != 0:
    quotient = old_remainder // remainder
    new_remainder = old_remainder - quotient * remainder
    old_remainder = remainder
    remainder = new_remainder
    new_coef = old_coef - quotient * coef
    old_coef = coef
    coef = new_coef

g = old_remainder
inverse_part = old_coef

# solution
if B % g != 0:
    answer = -1
else:
    reduced_modulus = M // g
    reduced_b = B // g
    answer = inverse_part * reduced_b
    answer = answer % reduced_modulus
    while answer < 0:
        answer = answer + reduced_modulus

print(answer)
