class RateLimiter:
    def __init__(self, rate, burst):
        """Create a limiter.

        rate: tokens added per second
        burst: the most tokens held at once
        """
        self.rate = rate
        self.burst = burst
        self.tokens = burst

    def take(self, n=1):
        """Take n tokens if there are enough.

        Returns True when taken, False otherwise;
        never blocks.
        """
        if n > 0 and self.tokens >= n:
            self.tokens -= n
            return True
        return False
