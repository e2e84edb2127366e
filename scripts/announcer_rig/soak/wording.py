"""How the soak writes figures in its sentences, and prints them as it goes."""


def say(line=""):
    print(line, flush=True)


def number(n):
    return f"{n:,}"


def mb(kb):
    return f"{kb / 1024:.1f} MB"


def ms(value):
    return "none" if value is None else f"{value:,.1f} ms"


def clock_words(seconds):
    seconds = int(round(seconds))
    minutes, rest = divmod(seconds, 60)
    if minutes == 0:
        return f"{rest} seconds"
    return f"{minutes} minute{'s' if minutes != 1 else ''} {rest} seconds"
