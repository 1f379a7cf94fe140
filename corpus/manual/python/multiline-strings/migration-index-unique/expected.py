from alembic import op


def upgrade():
    op.execute("""
        CREATE TABLE audit_log (
            id INTEGER PRIMARY KEY,
            actor TEXT NOT NULL,
            action TEXT NOT NULL
        )
    """)
    op.create_index("ix_audit_actor", "audit_log", ["actor"], unique=False)


def downgrade():
    op.drop_index("ix_audit_actor", table_name="audit_log")
    op.execute("DROP TABLE audit_log")
