def sync(items):
    for item in items:
        if item.dirty:
            item.save(force=True)
            item.refresh()
    item = items[-1]
    item.save()
    item.refresh()
