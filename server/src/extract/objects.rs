//! A JSON body read as its schema says: serde's derived `Deserialize` also reads a struct from a list of
//! its fields in order (`[null, null]` as a two-field struct), which JSON Schema, and so every client and
//! the API document, knows as an object only. `ObjectsOnly` refuses that form at any depth and hands
//! everything else to `serde_json::Value`'s own reading.

use serde::de::{
    self, DeserializeSeed, Deserializer, Error as _, IntoDeserializer, MapAccess, SeqAccess, Unexpected, Visitor,
};
use serde_json::{Error, Value};

pub(crate) struct ObjectsOnly(pub Value);

fn unexpected(value: &Value) -> Unexpected<'_> {
    match value {
        Value::Null => Unexpected::Unit,
        Value::Bool(flag) => Unexpected::Bool(*flag),
        Value::Number(_) => Unexpected::Other("number"),
        Value::String(text) => Unexpected::Str(text),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

impl<'de> Deserializer<'de> for ObjectsOnly {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Array(items) => visitor.visit_seq(Items(items.into_iter())),
            Value::Object(fields) => visitor.visit_map(Fields { fields: fields.into_iter(), value: None }),
            other => other.deserialize_any(visitor),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            other => visitor.visit_some(ObjectsOnly(other)),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.0 {
            Value::Object(fields) => visitor.visit_map(Fields { fields: fields.into_iter(), value: None }),
            other => Err(Error::invalid_type(unexpected(&other), &visitor)),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.0.deserialize_enum(name, variants, visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf unit unit_struct
        seq tuple tuple_struct map identifier ignored_any
    }
}

struct Items(std::vec::IntoIter<Value>);

impl<'de> SeqAccess<'de> for Items {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, Error> {
        self.0.next().map(|item| seed.deserialize(ObjectsOnly(item))).transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

struct Fields {
    fields: serde_json::map::IntoIter,
    value: Option<Value>,
}

impl<'de> MapAccess<'de> for Fields {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        let Some((key, value)) = self.fields.next() else { return Ok(None) };
        self.value = Some(value);
        seed.deserialize(key.into_deserializer()).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let value = self.value.take().ok_or_else(|| de::Error::custom("a value without its key"))?;
        seed.deserialize(ObjectsOnly(value))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.fields.len())
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    use super::ObjectsOnly;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    struct Pair {
        left: Option<u8>,
        right: Option<u8>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    struct Outer {
        #[serde(default)]
        pair: Option<Pair>,
        #[serde(default)]
        pairs: Vec<Pair>,
        kind: Option<Kind>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        Gel,
    }

    fn read(value: serde_json::Value) -> Result<Outer, String> {
        Outer::deserialize(ObjectsOnly(value)).map_err(|err| err.to_string())
    }

    #[test]
    fn objects_read_as_ever() {
        let outer =
            read(json!({ "pair": { "left": 3, "right": null }, "pairs": [{ "left": 1, "right": 2 }], "kind": "gel" }));
        assert_eq!(
            outer,
            Ok(Outer {
                pair: Some(Pair { left: Some(3), right: None }),
                pairs: vec![Pair { left: Some(1), right: Some(2) }],
                kind: Some(Kind::Gel)
            })
        );
        assert_eq!(read(json!({})), Ok(Outer { pair: None, pairs: Vec::new(), kind: None }));
    }

    #[test]
    fn a_struct_written_as_a_list_is_refused_at_any_depth() {
        for body in [json!([null, [], null]), json!({ "pair": [null, null] }), json!({ "pairs": [[1, 2]] })] {
            let refused = read(body).unwrap_err();
            assert!(refused.contains("invalid type: sequence, expected struct"), "{refused}");
        }
        assert!(read(json!({ "pair": { "left": 1, "right": 2, "other": 3 } })).unwrap_err().contains("unknown field"));
        assert!(read(json!({ "kind": "silk" })).unwrap_err().contains("unknown variant"));
    }
}
