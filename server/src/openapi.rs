//! The OpenAPI document (`/api/openapi.json`) and its offline docs page (`/api/docs`).

use utoipa::{
    openapi::{
        security::{HttpAuthScheme, HttpBuilder, SecurityScheme},
        Content, Object, ObjectBuilder, OpenApi as Document, Ref, RefOr, Response, Schema, Type,
    },
    Modify, OpenApi, PartialSchema, ToSchema,
};
use utoipa_swagger_ui::SwaggerUi;

use crate::{
    error::{ErrorAnswer, ErrorCode, Problem},
    AppState,
};

#[derive(OpenApi)]
#[openapi(
    info(title = "Pointe API", description = "The JSON API of Pointe, the pointe shoe website. \
        Every error answers `ErrorAnswer`: `{\"error\": \"<English text>\", \"code\": \"<stable code>\"}`, \
        with `values` when the text holds some, `fields` for invalid input (each field's `code`, `message` and \
        `values`) and `retryAfter` when rate-limited.", license(name = "Proprietary")),
    modifiers(&BearerToken)
)]
struct ApiDoc;

/// The `bearer` scheme that signed-in calls name: the token from login, in `Authorization: Bearer …`.
struct BearerToken;

impl Modify for BearerToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let scheme =
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build());
        openapi.components.get_or_insert_with(Default::default).add_security_scheme("bearer", scheme);
    }
}

/// The document's title, description and security scheme; the features add their paths (lib.rs).
pub(crate) fn base() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

/// The document the features' routes describe, with what utoipa cannot derive added.
pub(crate) fn complete(document: Document) -> Document {
    with_operation_ids(with_records_merged(with_error_answers(document)))
}

/// Each operation's id made from its method and path (`GET /api/admin/users/{id}` is
/// `getAdminUsersById`): unique as the paths are, which client generators need; the handlers' own names,
/// utoipa's default, repeat across features (`list`, `save`).
fn with_operation_ids(mut document: Document) -> Document {
    for (path, item) in document.paths.paths.iter_mut() {
        let operations = [
            ("get", &mut item.get),
            ("put", &mut item.put),
            ("post", &mut item.post),
            ("delete", &mut item.delete),
            ("patch", &mut item.patch),
            ("head", &mut item.head),
            ("options", &mut item.options),
            ("trace", &mut item.trace),
        ];
        for (method, operation) in operations {
            if let Some(operation) = operation {
                operation.operation_id = Some(operation_id(method, path));
            }
        }
    }
    document
}

fn operation_id(method: &str, path: &str) -> String {
    let mut id = method.to_owned();
    for segment in path.trim_start_matches("/api").split('/') {
        let (word, parameter) = match segment.strip_prefix('{').and_then(|inner| inner.strip_suffix('}')) {
            Some(name) => (name, true),
            None => (segment, false),
        };
        if parameter {
            id.push_str("By");
        }
        for part in word.split(|c: char| !c.is_ascii_alphanumeric()).filter(|part| !part.is_empty()) {
            let mut chars = part.chars();
            id.extend(chars.next().map(|first| first.to_ascii_uppercase()));
            id.extend(chars);
        }
    }
    id
}

/// Every operation's error answers, described once: the `ErrorAnswer` body (its `code` one of `ErrorCode`) on each error status an
/// operation lists, and the statuses any operation of its kind can answer: 400 when it reads a body or
/// parameters (one that does not read) and 401 when it takes a session.
fn with_error_answers(mut document: Document) -> Document {
    let schemas = &mut document.components.get_or_insert_with(Default::default).schemas;
    schemas.insert(ErrorAnswer::name().to_string(), ErrorAnswer::schema());
    schemas.insert(ErrorCode::name().to_string(), ErrorCode::schema());
    schemas.insert(Problem::name().to_string(), Problem::schema());
    for item in document.paths.paths.values_mut() {
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
            &mut item.head,
            &mut item.options,
            &mut item.trace,
        ];
        for operation in operations.into_iter().flatten() {
            let reads_input = operation.request_body.is_some() || operation.parameters.is_some();
            let responses = &mut operation.responses.responses;
            if reads_input {
                responses.entry("400".to_owned()).or_insert_with(|| Response::new("The request does not read").into());
            }
            if operation.security.is_some() {
                responses.entry("401".to_owned()).or_insert_with(|| Response::new("Authentication required").into());
            }
            for (status, response) in responses.iter_mut() {
                if let (true, RefOr::T(response)) = (status.starts_with('4') || status.starts_with('5'), response) {
                    response
                        .content
                        .entry("application/json".to_owned())
                        .or_insert_with(|| Content::new(Some(Ref::from_schema_name(ErrorAnswer::name().to_string()))));
                }
            }
        }
    }
    document
}

/// utoipa renders a `#[serde(flatten)]` draft inside a record (`BrandRecord` = `BrandDraft` + counts)
/// as `allOf` of the draft and the added fields; since a draft refuses unknown fields
/// (`additionalProperties: false`), no answer could match both. Such a record becomes one object with
/// the draft's fields and its own.
fn with_records_merged(mut document: Document) -> Document {
    let Some(components) = document.components.as_mut() else { return document };
    let objects = components.schemas.clone();
    let object = |item: &RefOr<Schema>| match item {
        RefOr::T(Schema::Object(object)) => Some(object.clone()),
        RefOr::Ref(reference) => {
            match objects.get(reference.ref_location.trim_start_matches("#/components/schemas/")) {
                Some(RefOr::T(Schema::Object(object))) => Some(object.clone()),
                _ => None,
            }
        }
        _ => None,
    };
    for schema in components.schemas.values_mut() {
        let RefOr::T(Schema::AllOf(all_of)) = schema else { continue };
        let Some(parts) = all_of.items.iter().map(object).collect::<Option<Vec<_>>>() else { continue };
        let mut parts = parts.into_iter();
        let Some(mut merged) = parts.next() else { continue };
        for part in parts {
            merged.properties.extend(part.properties);
            merged.required.extend(part.required);
        }
        merged.description = all_of.description.take().or(merged.description);
        *schema = RefOr::T(Schema::Object(merged));
    }
    document
}

/// A consent field's schema: `true` is its only accepted value (`#[schema(schema_with = only_true)]`).
pub(crate) fn only_true() -> Object {
    ObjectBuilder::new().schema_type(Type::Boolean).enum_values(Some([true])).build()
}

pub(crate) fn routes(document: utoipa::openapi::OpenApi) -> axum::Router<AppState> {
    SwaggerUi::new("/api/docs").url("/api/openapi.json", document).into()
}
