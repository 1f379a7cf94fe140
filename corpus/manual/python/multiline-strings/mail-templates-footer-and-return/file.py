WELCOME = """
    Hello {name},

    Welcome to {product}! Your account is ready.
"""


def render_welcome(user, product):
    body = WELCOME.format(name=user["name"], product=product)
    footer = """
        --
        The {product} team
    """.format(product=product)
    return body + footer


def subject(product):
    return "Welcome to " + product
