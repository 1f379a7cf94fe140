def build(items, limit, verbose):
    return _build(
        items,
        max_items,
        verbose,
    )


def _build(
    items,
    limit,
    verbose,
):
    return items[:limit]
