import functools

print("start"


def greet(name):
    message = "hello " + name
    return message


def after(y):
    value = y + 1
    return value
