def a():
    say("it’s done")


def b():
    say("it's done")
