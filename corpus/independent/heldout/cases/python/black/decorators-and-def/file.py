from functools import wraps

from flask import Flask, abort, jsonify, request

app = Flask(__name__)
API_TOKENS = {"dev-token"}
NOTES = {}


def require_token(view):
    @wraps(view)
    def wrapper(*args, **kwargs):
        token = request.headers.get("Authorization", "").removeprefix("Bearer ")
        if token not in API_TOKENS:
            abort(401)
        return view(*args, **kwargs)

    return wrapper


@app.route("/notes/<int:note_id>", methods=["GET"])
@require_token
def get_note(note_id):
    note = NOTES.get(note_id)
    if note is None:
        abort(404)
    return jsonify(note)


@app.route("/notes/<int:note_id>", methods=["DELETE"])
@require_token
def delete_note(note_id):
    note = NOTES.get(note_id)
    if note is None:
        abort(404)
    del NOTES[note_id]
    return "", 204


@app.route("/notes", methods=["POST"])
@require_token
def create_note():
    body = request.get_json(force=True)
    if not body.get("text"):
        abort(400)
    note_id = max(NOTES, default=0) + 1
    NOTES[note_id] = {"id": note_id, "text": body["text"]}
    return jsonify(NOTES[note_id]), 201
