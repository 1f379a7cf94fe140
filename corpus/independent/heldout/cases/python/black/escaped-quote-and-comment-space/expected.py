def warn(host, log):
    msg = "can't reach %s" % host  # retry later
    log.error(msg)
    return msg
