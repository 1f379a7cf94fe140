class Api:
    @app.route("/users")
    @cached
    def users(self):
        return list_all()
