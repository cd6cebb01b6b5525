//! What the OpenAPI document says of the public reads answered from memory: each takes
//! `If-None-Match` and may answer 304 with the entity tag it was given. And what it tells the cache:
//! the query parameters each read takes, the only ones its answers are kept by.

use std::collections::HashMap;

use utoipa::openapi::{
    path::{Parameter, ParameterBuilder, ParameterIn},
    Object, OpenApi, Required, ResponseBuilder, Type,
};

/// Each GET path's query parameters, by its pattern (`/api/brands/{id}`).
pub(crate) fn query_parameters(openapi: &OpenApi) -> HashMap<String, Vec<String>> {
    let names = |parameters: &Option<Vec<Parameter>>| {
        parameters
            .iter()
            .flatten()
            .filter(|parameter| parameter.parameter_in == ParameterIn::Query)
            .map(|parameter| parameter.name.clone())
            .collect()
    };
    openapi
        .paths
        .paths
        .iter()
        .filter_map(|(path, item)| Some((path.clone(), names(&item.get.as_ref()?.parameters))))
        .collect()
}

pub(crate) fn not_modified(openapi: &mut OpenApi) {
    for item in openapi.paths.paths.values_mut() {
        let Some(get) = item.get.as_mut() else { continue };
        get.parameters.get_or_insert_with(Vec::new).push(if_none_match());
        get.responses.responses.insert(
            "304".to_owned(),
            ResponseBuilder::new()
                .description("Not modified: the answer is the one whose entity tag was sent in If-None-Match")
                .build()
                .into(),
        );
    }
}

fn if_none_match() -> Parameter {
    ParameterBuilder::new()
        .name("If-None-Match")
        .parameter_in(ParameterIn::Header)
        .required(Required::False)
        .description(Some("The entity tag (ETag) of an answer held from before: 304 while it is still current"))
        .schema(Some(Object::with_type(Type::String)))
        .build()
}
