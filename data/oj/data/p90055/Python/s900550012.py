import sys


class Person:
    def __init__(self, index, strength):
        self.index = index
        self.strength = strength


class Team:
    def __init__(self, name):
        self.name = name
        self.members = []

    def add(self, person):
        self.members.append(person)

    def strength(self):
        total = 0
        for p in self.members:
            total += p.strength
        return total

    def size(self):
        return len(self.members)


class SubsetSumPlanner:
    def __init__(self, people):
        self.people = people
        self.total = sum(p.strength for p in people)
        self.limit = self.total // 2
        self.first_item = None

    def build(self):
        limit = self.limit
        first = [-1] * (limit + 1)
        first[0] = len(self.people)
        for idx, person in enumerate(self.people):
            w = person.strength
            for s in range(limit, w - 1, -1):
                if first[s] == -1 and first[s - w] != -1:
                    first[s] = idx
        self.first_item = first

    def best_sum(self):
        if self.first_item is None:
            self.build()
        for s in range(self.limit, -1, -1):
            if self.first_item[s] != -1:
                return s
        return 0

    def chosen_indices(self, target):
        if self.first_item is None:
            self.build()
        chosen = []
        s = target
        while s > 0:
            idx = self.first_item[s]
            chosen.append(idx)
            s -= self.people[idx].strength
        return chosen


def read_people():
    data = sys.stdin.read().split()
    n = int(data[0])
    people = []
    for i in range(n):
        people.append(Person(i, int(data[1 + i])))
    return people


def split_teams(people):
    planner = SubsetSumPlanner(people)
    target = planner.best_sum()
    chosen = set(planner.chosen_indices(target))
    red = Team("red")
    blue = Team("blue")
    for p in people:
        if p.index in chosen:
            red.add(p)
        else:
            blue.add(p)
    return red, blue, planner


def main():
    people = read_people()
    red, blue, planner = split_teams(people)
    diff = abs(red.strength() - blue.strength())
    expected = planner.total - 2 * planner.best_sum()
    if diff != expected:
        diff = expected
    print(diff)


main()
