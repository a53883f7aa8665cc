# read the input
line = input().split()
first_term = int(line[0])
second_term = int(line[1])
coef_p = int(line[2])
coef_q = int(line[3])
target = int(line[4])

mod = 1000000007


def multiply_matrices(left, right):
    size = len(left)
    answer = []
    for i in range(size):
        answer_row = []
        for j in range(size):
            total = 0
            for k in range(size):
                total = total + left[i][k] * right[k][j]
            answer_row.append(total % mod)
        answer.append(answer_row)
    return answer


def matrix_power(matrix, exponent):
    size = len(matrix)
    answer = []
    for i in range(size):
        answer_row = []
        for j in range(size):
            if i == j:
                answer_row.append(1)
            else:
                answer_row.append(0)
        answer.append(answer_row)
    current = matrix
    while exponent > 0:
        if exponent % 2 == 1:
            answer = multiply_matrices(answer, current)
        current = multiply_matrices(current, current)
        exponent = exponent // 2
    return answer


if target == 0:
    print(first_term % mod)
elif target == 1:
    print(second_term % mod)
else:
    step_matrix = [[coef_p, coef_q], [1, 0]]
    powered = matrix_power(step_matrix, target - 1)
    result = powered[0][0] * second_term + powered[0][1] * first_term
    result = result % mod
    print(result)
