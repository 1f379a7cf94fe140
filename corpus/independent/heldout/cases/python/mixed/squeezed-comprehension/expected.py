def normalize(record, defaults):
    out = dict(defaults)
    out.update({k: v for k, v in record.items() if v not in (None, '')})
    out['name'] = out.get('name', '').strip().title()
    return out
