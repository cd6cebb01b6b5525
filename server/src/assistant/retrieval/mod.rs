//! Retrieval: per language, one in-memory tantivy index of the site's documents (corpus.rs), ranked by
//! BM25 with titles weighing more, and one of their passages, to pick what an answer quotes; both
//! analysed per language (analysis.rs).

mod analysis;
pub(crate) mod corpus;
mod live;

pub(crate) use analysis::prepare;
pub(crate) use live::LiveIndex;

use std::collections::HashMap;

use tantivy::{
    collector::TopDocs,
    doc,
    query::{Query, QueryParser},
    schema::{Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, Value, STORED, STRING},
    Index, IndexReader, TantivyDocument,
};

use self::corpus::{Document, Kind};
use crate::{db::Db, lang::Lang};

/// Titles (names) count this much more than bodies.
const TITLE_BOOST: f32 = 1.5;
/// How many candidates are read before members-only documents are dropped for visitors.
const CANDIDATES: usize = 20;
/// How many passages are ranked when choosing the ones of the documents found.
const PASSAGE_CANDIDATES: usize = 200;
const WRITER_MEMORY: usize = 15_000_000;

/// A document that answers a question, best first.
#[derive(Clone, Debug)]
pub struct Hit {
    pub document: Document,
    pub score: f32,
}

/// One index: documents or passages.
struct Searchable {
    index: Index,
    reader: IndexReader,
    /// The document's id (in the passage index, the passage's document).
    id: Field,
    /// In the passage index, the passage's place in its document.
    place: Option<Field>,
    fields: Vec<Field>,
}

struct LanguageIndex {
    documents: Searchable,
    passages: Searchable,
    by_id: HashMap<String, Document>,
}

/// The indexes of all five languages, built from the database at once.
pub struct Retrieval {
    languages: HashMap<Lang, LanguageIndex>,
}

impl Retrieval {
    pub async fn build(db: &Db) -> anyhow::Result<Self> {
        let mut languages = HashMap::new();
        for lang in Lang::ALL {
            languages.insert(lang, LanguageIndex::build(lang, corpus::documents(db, lang).await?)?);
        }
        Ok(Self { languages })
    }

    /// The `limit` documents in `lang` that best answer `question`; tips only for signed-in askers.
    pub fn search(&self, lang: Lang, question: &str, signed_in: bool, limit: usize) -> anyhow::Result<Vec<Hit>> {
        let language = &self.languages[&lang];
        let mut hits = Vec::new();
        for (score, id, _) in language.documents.ranked(lang, question, CANDIDATES)? {
            let Some(document) = language.by_id.get(&id) else { continue };
            if document.kind == Kind::Tips && !signed_in {
                continue;
            }
            hits.push(Hit { document: document.clone(), score });
            if hits.len() == limit {
                break;
            }
        }
        Ok(hits)
    }

    /// For each hit, its passages best first: those that match the question, then the others in order.
    pub fn passages<'a>(
        &self,
        lang: Lang,
        question: &str,
        hits: &'a [Hit],
    ) -> anyhow::Result<Vec<(&'a Document, Vec<&'a str>)>> {
        let ranked = self.languages[&lang].passages.ranked(lang, question, PASSAGE_CANDIDATES)?;
        Ok(hits
            .iter()
            .map(|hit| {
                let document = &hit.document;
                let mut order: Vec<usize> =
                    ranked.iter().filter(|(_, id, _)| *id == document.id).filter_map(|(_, _, place)| *place).collect();
                let rest: Vec<usize> = (0..document.passages.len()).filter(|place| !order.contains(place)).collect();
                order.extend(rest);
                (
                    document,
                    order.into_iter().filter_map(|place| document.passages.get(place).map(String::as_str)).collect(),
                )
            })
            .collect())
    }

    /// Every product's names in `lang`.
    pub fn product_names(&self, lang: Lang) -> impl Iterator<Item = &[String]> {
        self.languages[&lang]
            .by_id
            .values()
            .filter(|document| document.kind == Kind::Product)
            .map(|document| document.names.as_slice())
    }

    /// How many documents each language's index holds.
    pub fn sizes(&self) -> Vec<(Lang, usize)> {
        Lang::ALL.into_iter().map(|lang| (lang, self.languages[&lang].by_id.len())).collect()
    }

    /// What the indexes take (tantivy's count of its segments) and the documents' texts kept beside them.
    pub fn bytes(&self) -> u64 {
        let index_bytes = |searchable: &Searchable| {
            searchable.reader.searcher().space_usage().map_or(0, |usage| usage.total().get_bytes())
        };
        self.languages
            .values()
            .map(|language| {
                let texts: usize = language
                    .by_id
                    .values()
                    .map(|d| {
                        d.title.len()
                            + d.aliases.len()
                            + d.link.len()
                            + d.passages.iter().map(String::len).sum::<usize>()
                    })
                    .sum();
                index_bytes(&language.documents) + index_bytes(&language.passages) + texts as u64
            })
            .sum()
    }
}

impl Searchable {
    fn new(lang: Lang, with_place: bool, texts: &[&str]) -> anyhow::Result<(Self, tantivy::IndexWriter)> {
        let mut schema = Schema::builder();
        let analysed = TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(analysis::TOKENIZER)
                .set_index_option(IndexRecordOption::WithFreqsAndPositions),
        );
        let id = schema.add_text_field("id", STRING | STORED);
        let place = with_place.then(|| schema.add_u64_field("place", STORED));
        let fields = texts.iter().map(|name| schema.add_text_field(name, analysed.clone())).collect();
        let index = Index::create_in_ram(schema.build());
        index.tokenizers().register(analysis::TOKENIZER, analysis::analyzer(lang));
        let writer = index.writer_with_num_threads(1, WRITER_MEMORY)?;
        let reader = index.reader()?;
        Ok((Self { index, reader, id, place, fields }, writer))
    }

    /// The best `limit` entries for `question`: score, document id and (passages) place.
    fn ranked(&self, lang: Lang, question: &str, limit: usize) -> anyhow::Result<Vec<(f32, String, Option<usize>)>> {
        let query = self.query(lang, question);
        let searcher = self.reader.searcher();
        let mut found = Vec::new();
        for (score, address) in searcher.search(&query, &TopDocs::with_limit(limit).order_by_score())? {
            let stored: TantivyDocument = searcher.doc(address)?;
            let Some(id) = stored.get_first(self.id).and_then(|value| value.as_str()) else { continue };
            let place = self
                .place
                .and_then(|field| stored.get_first(field))
                .and_then(|value| value.as_u64())
                .map(|place| place as usize);
            found.push((score, id.to_owned(), place));
        }
        Ok(found)
    }

    fn query(&self, lang: Lang, question: &str) -> Box<dyn Query> {
        let mut parser = QueryParser::for_index(&self.index, self.fields.clone());
        if let [title, _, _] = self.fields[..] {
            parser.set_field_boost(title, TITLE_BOOST);
        }
        // Words only: the question's punctuation must not read as query syntax.
        let words: String = analysis::question_terms(lang, question)
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { ' ' })
            .collect();
        parser.parse_query_lenient(&words).0
    }
}

impl LanguageIndex {
    fn build(lang: Lang, documents: Vec<Document>) -> anyhow::Result<Self> {
        let (searchable, mut writer) = Searchable::new(lang, false, &["title", "body", "suits"])?;
        let (passages, mut passage_writer) = Searchable::new(lang, true, &["text"])?;
        let [title, body, suits] = searchable.fields[..] else { unreachable!("three fields") };
        let place = passages.place.expect("the passage index has places");
        for document in &documents {
            writer.add_document(doc!(
                searchable.id => document.id.clone(),
                title => analysis::prepare(lang, &format!("{} {}", document.title, document.aliases)),
                body => analysis::prepare(lang, &document.passages.join("\n")),
                suits => analysis::prepare(lang, &document.suits),
            ))?;
            for (at, passage) in document.passages.iter().enumerate() {
                passage_writer.add_document(doc!(passages.id => document.id.clone(), place => at as u64, passages.fields[0] => analysis::prepare(lang, passage)))?;
            }
        }
        writer.commit()?;
        passage_writer.commit()?;
        searchable.reader.reload()?;
        passages.reader.reload()?;
        let by_id = documents.into_iter().map(|document| (document.id.clone(), document)).collect();
        Ok(Self { documents: searchable, passages, by_id })
    }
}
