import sys


class Customer:
    __slots__ = ('index', 'arrival', 'service', 'start', 'teller')

    def __init__(self, index, arrival, service):
        self.index = index
        self.arrival = arrival
        self.service = service
        self.start = None
        self.teller = None

    def waiting_time(self):
        return self.start - self.arrival

    def finish_time(self):
        return self.start + self.service


class Teller:
    __slots__ = ('number', 'free_at', 'served')

    def __init__(self, number):
        self.number = number
        self.free_at = 0
        self.served = 0

    def is_free(self, t):
        return self.free_at <= t

    def take(self, customer, t):
        customer.start = t
        customer.teller = self.number
        self.free_at = t + customer.service
        self.served += 1


class Bank:
    def __init__(self, teller_count):
        self.tellers = [Teller(i + 1) for i in range(teller_count)]
        self.log = []

    def earliest_free(self):
        best = None
        for teller in self.tellers:
            if best is None or teller.free_at < best:
                best = teller.free_at
        return best

    def first_free_teller(self, t):
        for teller in self.tellers:
            if teller.is_free(t):
                return teller
        return None

    def serve(self, customer):
        t = customer.arrival
        earliest = self.earliest_free()
        if earliest > t:
            t = earliest
        teller = self.first_free_teller(t)
        teller.take(customer, t)
        self.log.append((t, teller.number, customer.index))

    def serve_all(self, customers):
        queue = sorted(customers, key=lambda c: (c.arrival, c.index))
        for customer in queue:
            self.serve(customer)

    def statistics(self):
        return [(t.number, t.served) for t in self.tellers]


def read_customers():
    first = sys.stdin.readline().split()
    n = int(first[0])
    k = int(first[1])
    customers = []
    for i in range(n):
        a, b = sys.stdin.readline().split()
        customers.append(Customer(i, int(a), int(b)))
    return n, k, customers


def dump_log(bank):
    for t, number, index in bank.log:
        sys.stderr.write("t=%d teller=%d customer=%d\n" % (t, number, index))


def average(values):
    total = 0
    count = 0
    for v in values:
        total += v
        count += 1
    return total / count


def main():
    n, k, customers = read_customers()
    bank = Bank(k)
    bank.serve_all(customers)
    lines = []
    for c in customers:
        lines.append("%d %d" % (c.teller, c.start))
    lines.append("%.5f" % average(c.waiting_time() for c in customers))
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
