def warn(host, log):
    msg = "can't reach %s" % host  # retry later
    log.warning(msg)
    return msg
