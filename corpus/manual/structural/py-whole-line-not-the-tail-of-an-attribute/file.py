class Client:
    def __init__(self):
        self.timeout = 30


def fetch(url):
    timeout = DEFAULT_TIMEOUT
    return get(url, timeout)
