import logging

FORMAT = """%(asctime)s %(levelname)s
    %(name)s: %(message)s"""


def setup(level="INFO", name="app"):
    logging.basicConfig(level=level, format=FORMAT)
    logger = logging.getLogger(name)
    logger.info("logging ready at %s for %s", level, name)
    return logger
