-- The admins' e-mail templates (newsletter/templates/): a name unique whatever its case, a category,
-- and per language a subject and a Markdown body.
CREATE TABLE email_templates (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    category TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX email_templates_name ON email_templates (LOWER(name));

CREATE TABLE email_template_translations (
    template_id TEXT NOT NULL REFERENCES email_templates(id) ON DELETE CASCADE,
    lang TEXT NOT NULL,
    subject TEXT NOT NULL,
    body_markdown TEXT NOT NULL,
    PRIMARY KEY (template_id, lang)
);
