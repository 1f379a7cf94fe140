class Api:
    @app.route("/users")
    def users(self):
        return list_all()
