from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta

log = logging.getLogger(__name__)


@dataclass
class Subscription:
    customer_id: str
    plan: str
    started_at: datetime
    trial_days: int = 14
    tags: list[str] = field(default_factory=list)

    @property
    def trial_ends_at(self) -> datetime:
        return self.started_at + timedelta(days=self.trial_days)

    def is_trialing(self, now: datetime) -> bool:
        """Return True while the "trial" period is still running."""
        return now < self.trial_ends_at


class BillingService:
    def __init__(self, gateway, clock=datetime.utcnow):
        self.gateway = gateway
        self.clock = clock

    def charge(self, sub: Subscription, amount_cents: int) -> bool:
        if sub.is_trialing(self.clock()):  
            log.info("skipping charge for %s – still in trial", sub.customer_id) 
            return False
        if amount_cents <= 0:
            raise ValueError("amount must be positive")
        result = self.gateway.charge(sub.customer_id, amount_cents)
        if not result.ok:
            log.warning("charge failed for %s: %s", sub.customer_id, result.error)
            return False
        return True
