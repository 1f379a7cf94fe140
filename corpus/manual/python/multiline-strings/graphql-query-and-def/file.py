import requests

QUERY = """
    query Repo($owner: String!, $name: String!) {
        repository(owner: $owner, name: $name) {
            stargazerCount
        }
    }
"""


def stars(owner, name, token):
    response = requests.post(
        "https://api.github.com/graphql",
        json={"query": QUERY, "variables": {"owner": owner, "name": name}},
        headers={"Authorization": "bearer " + token},
    )
    data = response.json()
    return data["data"]["repository"]["stargazerCount"]
