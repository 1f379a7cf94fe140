def normalize(record, defaults):
    out = dict(defaults)
    out.update({k: v for k, v in record.items() if v is not None})
    out['name'] = out.get('name', '').strip().title()
    return out
