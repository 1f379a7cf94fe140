def can_ship(order, user):
    if (order.items and order.paid) or user.is_owner:
        return True
    ready = (not order.cancelled) and (order.total > 0)
    return ready
