resp = client.post(
    url,
    json=payload,  # body
    timeout=5,
)
