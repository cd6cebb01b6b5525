use axum::{
    extract::{multipart::MultipartRejection, DefaultBodyLimit, Multipart, Path, State},
    http::{header, HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::get,
    Json,
};
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;
use utoipa_axum::{
    router::{OpenApiRouter, UtoipaMethodRouterExt},
    routes,
};

use super::store::{self, NewUpload};
use crate::{
    access::audit::{self, Action, Resource},
    access::{
        extract::SignedIn,
        permissions::{self, Permission},
    },
    client_info::ClientInfo,
    encoding::hex,
    error::{ApiError, ApiResult, ErrorCode, Text},
    AppState,
};

pub(crate) const MAX_BYTES: usize = 5 * 1024 * 1024;
const IMAGE_NOT_FOUND: Text = Text::new(ErrorCode::ImageNotFound, "Image not found");
pub(crate) const TOO_LARGE: Text = Text::new(ErrorCode::ImageTooLarge, "The image must be 5 MB or smaller");
pub(crate) const NOT_AN_IMAGE: Text =
    Text::new(ErrorCode::NotAnImage, "Only PNG, JPEG, WebP, GIF or AVIF images can be uploaded");
const NO_FILE: Text = Text::new(ErrorCode::NoImage, "Choose an image to upload");

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        // Room for the multipart framing around the largest image.
        .routes(routes!(upload).layer(DefaultBodyLimit::max(MAX_BYTES + 64 * 1024)))
        .route("/uploads/{name}", get(serve))
}

/// The image type the bytes are, by their signature (never by the name or the declared type).
/// SVG is refused: it can carry scripts.
fn image_type(bytes: &[u8]) -> Option<(&'static str, &'static str)> {
    match bytes {
        [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n', ..] => Some(("image/png", "png")),
        [0xff, 0xd8, 0xff, ..] => Some(("image/jpeg", "jpg")),
        [b'G', b'I', b'F', b'8', b'7' | b'9', b'a', ..] => Some(("image/gif", "gif")),
        [b'R', b'I', b'F', b'F', _, _, _, _, b'W', b'E', b'B', b'P', ..] => Some(("image/webp", "webp")),
        [_, _, _, _, b'f', b't', b'y', b'p', b'a', b'v', b'i', b'f' | b's', ..] => Some(("image/avif", "avif")),
        _ => None,
    }
}

#[derive(Serialize, ToSchema)]
pub(crate) struct Uploaded {
    /// Where the image is served, e.g. `/uploads/3f2a….png`.
    url: String,
}

/// The multipart form of an upload.
#[derive(ToSchema)]
#[allow(dead_code)] // Only describes the form, which the handler reads field by field.
pub(crate) struct ImageForm {
    /// A PNG, JPEG, WebP, GIF or AVIF image up to 5 MB.
    #[schema(value_type = String, format = Binary, content_media_type = "application/octet-stream")]
    file: Vec<u8>,
}

/// Stores one image (multipart field `file`) and answers its address.
#[utoipa::path(post, path = "/api/admin/uploads", tag = "admin", security(("bearer" = [])),
    request_body(content_type = "multipart/form-data", content = ImageForm),
    responses((status = 201, body = Uploaded), (status = 400, description = "Choose an image to upload"),
        (status = 413, description = "The image must be 5 MB or smaller"),
        (status = 415, description = "Only PNG, JPEG, WebP, GIF or AVIF images can be uploaded")))]
async fn upload(
    State(state): State<AppState>,
    signed_in: SignedIn,
    client: ClientInfo,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<Uploaded>)> {
    if permissions::require(&signed_in.user, Permission::Catalogue).is_err() {
        permissions::require(&signed_in.user, Permission::Blog)?;
    }
    // A body that is not multipart at all gets the same answer as a form without its file.
    let mut multipart = multipart.map_err(|_| ApiError::BadRequest(NO_FILE))?;
    let mut bytes = None;
    loop {
        let field = match multipart.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => break,
            Err(err) => return Err(read_error(err.status())),
        };
        if field.name() == Some("file") {
            bytes = Some(field.bytes().await.map_err(|err| read_error(err.status()))?);
        }
    }
    let bytes = bytes.filter(|b| !b.is_empty()).ok_or_else(|| ApiError::BadRequest(NO_FILE))?;
    if bytes.len() > MAX_BYTES {
        return Err(ApiError::PayloadTooLarge(TOO_LARGE));
    }
    let (content_type, extension) = image_type(&bytes).ok_or(ApiError::UnsupportedMediaType(NOT_AN_IMAGE))?;
    let hash = Sha256::digest(&bytes);
    let name = format!("{}.{extension}", hex(&hash[..16]));
    let upload = NewUpload { name: &name, content_type, bytes: &bytes, created_by: &signed_in.user.id };
    store::insert(&state.db, upload, state.clock.now_ms()).await?;
    audit::record_change(&state, &client, &signed_in.user, Action::Create, Resource::Upload, &name).await?;
    Ok((StatusCode::CREATED, Json(Uploaded { url: format!("/uploads/{name}") })))
}

/// A body over the limit surfaces as a read error with status 413.
fn read_error(status: StatusCode) -> ApiError {
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::PayloadTooLarge(TOO_LARGE)
    } else {
        ApiError::BadRequest(NO_FILE)
    }
}

async fn serve(State(state): State<AppState>, Path(name): Path<String>, headers: HeaderMap) -> Response {
    let etag = format!("\"{name}\"");
    if headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) == Some(etag.as_str()) {
        return (StatusCode::NOT_MODIFIED, [(header::ETAG, etag)]).into_response();
    }
    match store::find(&state.db, &name).await {
        Ok(Some((content_type, bytes))) => {
            let headers = [
                (header::CONTENT_TYPE, content_type),
                (header::CACHE_CONTROL, "public, max-age=31536000, immutable".to_owned()),
                (header::ETAG, etag),
            ];
            (headers, bytes).into_response()
        }
        Ok(None) => ApiError::NotFound(IMAGE_NOT_FOUND).into_response(),
        Err(err) => ApiError::from(err).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::image_type;

    #[test]
    fn knows_images_by_their_signature() {
        assert_eq!(image_type(b"\x89PNG\r\n\x1a\n...."), Some(("image/png", "png")));
        assert_eq!(image_type(b"\xff\xd8\xff\xe0"), Some(("image/jpeg", "jpg")));
        assert_eq!(image_type(b"RIFF\0\0\0\0WEBPVP8 "), Some(("image/webp", "webp")));
        assert_eq!(image_type(b"\0\0\0\x1cftypavif"), Some(("image/avif", "avif")));
        assert_eq!(image_type(b"<svg onload=alert(1)>"), None);
        assert_eq!(image_type(b"GIF8"), None);
    }
}
