import functools


class Greeter:
    """A greeter."""

    def __init__(self, name):
        self.name = name

    def greet(self, times):
        @functools.lru_cache(maxsize=None)
        def make(i):
            text = f"{i}: hello {self.name}"
            return text

        return [make(i) for i in range(times)]


def top_level(x):
    return x + 1
