def can_ship(order, user):
    if (order.items and order.paid) or user.is_admin:
        return True
    ready = not order.cancelled and order.total > 10
    return ready
