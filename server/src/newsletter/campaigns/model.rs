//! A campaign as admins write it, its states, and the one table of the moves between them.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    error::{ApiResult, ErrorCode, Text},
    fields::FieldErrors,
    lang::Lang,
    newsletter::templates::{model::SUBJECT_MAX, variables},
    users::Group,
};

pub(crate) const NAME_MAX: usize = 100;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = CampaignStatus)]
pub(crate) enum Status {
    Draft,
    Scheduled,
    Sending,
    Paused,
    Sent,
    Cancelled,
}

impl Status {
    pub(crate) const ALL: [Self; 6] =
        [Self::Draft, Self::Scheduled, Self::Sending, Self::Paused, Self::Sent, Self::Cancelled];

    pub(crate) fn code(self) -> &'static str {
        match self {
            Self::Draft => "draft",
            Self::Scheduled => "scheduled",
            Self::Sending => "sending",
            Self::Paused => "paused",
            Self::Sent => "sent",
            Self::Cancelled => "cancelled",
        }
    }

    pub(crate) fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|status| status.code() == code)
    }
}

/// What moves a campaign from one state to another: an admin's action, or the sender's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Move {
    Schedule,
    Unschedule,
    /// "Send now".
    Start,
    /// The scheduled time reached (the sender's: only a campaign still scheduled starts).
    Due,
    Pause,
    Resume,
    Cancel,
    /// The sender found no recipient left to try.
    Finish,
}

/// Every allowed move; any other is refused with 409 (docs/design.md has the same table).
pub(crate) const MOVES: [(Status, Move, Status); 12] = [
    (Status::Draft, Move::Schedule, Status::Scheduled),
    (Status::Scheduled, Move::Schedule, Status::Scheduled),
    (Status::Scheduled, Move::Unschedule, Status::Draft),
    (Status::Draft, Move::Start, Status::Sending),
    (Status::Scheduled, Move::Start, Status::Sending),
    (Status::Scheduled, Move::Due, Status::Sending),
    (Status::Sending, Move::Pause, Status::Paused),
    (Status::Paused, Move::Resume, Status::Sending),
    (Status::Scheduled, Move::Cancel, Status::Cancelled),
    (Status::Sending, Move::Cancel, Status::Cancelled),
    (Status::Paused, Move::Cancel, Status::Cancelled),
    (Status::Sending, Move::Finish, Status::Sent),
];

impl Move {
    /// The state this move leads to from `from`, if the table allows it.
    pub(crate) fn from(self, from: Status) -> Option<Status> {
        MOVES.iter().find(|(start, by, _)| *start == from && *by == self).map(|(_, _, to)| *to)
    }

    /// The refusal when the table does not allow it.
    pub(crate) fn refused(self) -> Text {
        match self {
            Self::Schedule => {
                Text::new(ErrorCode::CampaignCannotSchedule, "Only a draft or scheduled campaign can be scheduled")
            }
            Self::Unschedule | Self::Due => Text::new(ErrorCode::CampaignNotScheduled, "The campaign is not scheduled"),
            Self::Start => Text::new(ErrorCode::CampaignCannotStart, "Only a draft or scheduled campaign can be sent"),
            Self::Pause => Text::new(ErrorCode::CampaignNotSending, "The campaign is not sending"),
            Self::Resume => Text::new(ErrorCode::CampaignNotPaused, "The campaign is not paused"),
            Self::Cancel => Text::new(
                ErrorCode::CampaignCannotCancel,
                "Only a scheduled, sending or paused campaign can be cancelled",
            ),
            Self::Finish => Text::new(ErrorCode::CampaignNotSending, "The campaign is not sending"),
        }
    }
}

/// Editing and deleting are not moves: a draft may be edited, and a campaign that is not under way deleted.
pub(crate) const EDIT_DRAFT_ONLY: Text =
    Text::new(ErrorCode::CampaignNotDraft, "Only a draft can be edited: unschedule the campaign first");
pub(crate) const DELETE_REFUSED: Text = Text::new(
    ErrorCode::CampaignUnderWay,
    "A scheduled, sending or paused campaign cannot be deleted: cancel it first",
);

impl Status {
    pub(crate) fn editable(self) -> bool {
        self == Self::Draft
    }

    pub(crate) fn deletable(self) -> bool {
        matches!(self, Self::Draft | Self::Sent | Self::Cancelled)
    }

    /// What an admin may do to a campaign in this state, as its answer lists them: the web offers these
    /// and no others, so it never mirrors the table.
    pub(crate) fn actions(self) -> Vec<CampaignAction> {
        let mut actions = Vec::new();
        if self.editable() {
            actions.push(CampaignAction::Edit);
        }
        let moves = [
            (Move::Schedule, CampaignAction::Schedule),
            (Move::Unschedule, CampaignAction::Unschedule),
            (Move::Start, CampaignAction::Send),
            (Move::Pause, CampaignAction::Pause),
            (Move::Resume, CampaignAction::Resume),
            (Move::Cancel, CampaignAction::Cancel),
        ];
        actions.extend(moves.into_iter().filter(|(by, _)| by.from(self).is_some()).map(|(_, action)| action));
        if self.deletable() {
            actions.push(CampaignAction::Delete);
        }
        actions
    }
}

/// An admin's call on a campaign: editing, deleting, and the moves that are theirs (finishing is the
/// sender's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum CampaignAction {
    Edit,
    Schedule,
    Unschedule,
    /// "Send now".
    Send,
    Pause,
    Resume,
    Cancel,
    Delete,
}

/// Who a campaign is for: everyone, or the members of any of these groups (spec §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum TargetGroup {
    All,
    Newsletter,
    Vip,
    New,
    Inactive,
}

impl TargetGroup {
    /// The user group; `None` for everyone.
    pub(crate) fn group(self) -> Option<Group> {
        match self {
            Self::All => None,
            Self::Newsletter => Some(Group::Newsletter),
            Self::Vip => Some(Group::Vip),
            Self::New => Some(Group::New),
            Self::Inactive => Some(Group::Inactive),
        }
    }
}

/// A campaign as the editor saves it.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct CampaignDraft {
    #[schema(pattern = r"\S", max_length = 100)]
    pub name: String,
    pub template_id: String,
    /// The subject line in each target language (the editor starts from the template's), with
    /// `{{variables}}`.
    pub subjects: BTreeMap<Lang, String>,
    /// At least one.
    pub groups: Vec<TargetGroup>,
    /// The members' languages to mail; at least one, each of them in the template.
    pub languages: Vec<Lang>,
}

pub(crate) const NO_GROUP: Text = Text::new(ErrorCode::NoGroup, "Choose at least one group");
pub(crate) const NO_LANGUAGE: Text = Text::new(ErrorCode::NoTargetLanguage, "Choose at least one language");

impl CampaignDraft {
    /// Trims and checks the fields that need no database: the template's own languages are checked
    /// against it by the caller (`check_template_languages`).
    pub(crate) fn tidy_and_check(&mut self) -> ApiResult<()> {
        self.name = self.name.trim().to_owned();
        self.groups.sort();
        self.groups.dedup();
        self.languages.sort();
        self.languages.dedup();
        // Only the target languages' subjects are kept.
        self.subjects.retain(|lang, _| self.languages.contains(lang));
        for subject in self.subjects.values_mut() {
            *subject = subject.trim().to_owned();
        }
        let mut errors = FieldErrors::default();
        errors.required("name", &self.name, NAME_MAX);
        errors.required("templateId", &self.template_id, 100);
        if self.groups.is_empty() {
            errors.fail("groups", NO_GROUP);
        }
        if self.languages.is_empty() {
            errors.fail("languages", NO_LANGUAGE);
        }
        for lang in &self.languages {
            let field = format!("subjects.{}", lang.code());
            let subject = self.subjects.get(lang).map_or("", String::as_str);
            errors.required(&field, subject, SUBJECT_MAX);
            if let Err(err) = variables::pieces(subject) {
                errors.fail(&field, err.problem());
            }
        }
        errors.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ApiError;

    #[test]
    fn the_table_allows_its_moves_and_nothing_else() {
        assert_eq!(Move::Start.from(Status::Draft), Some(Status::Sending));
        assert_eq!(Move::Pause.from(Status::Sending), Some(Status::Paused));
        assert_eq!(Move::Resume.from(Status::Paused), Some(Status::Sending));
        for status in [Status::Sent, Status::Cancelled] {
            for by in
                [Move::Schedule, Move::Unschedule, Move::Start, Move::Pause, Move::Resume, Move::Cancel, Move::Finish]
            {
                assert_eq!(by.from(status), None, "{status:?} is final");
            }
        }
        assert_eq!(Move::Cancel.from(Status::Draft), None, "a draft is deleted, not cancelled");
        assert_eq!(Move::Finish.from(Status::Paused), None);
    }

    #[test]
    fn a_draft_needs_a_subject_in_each_target_language() {
        let mut draft = CampaignDraft {
            name: " Spring ".into(),
            template_id: "t".into(),
            subjects: BTreeMap::from([(Lang::En, " Hi {{username}} ".into()), (Lang::Fr, "Salut".into())]),
            groups: vec![TargetGroup::Vip, TargetGroup::Vip],
            languages: vec![Lang::En, Lang::He],
        };
        let Err(ApiError::Invalid(fields)) = draft.tidy_and_check() else { panic!() };
        assert_eq!(fields.keys().collect::<Vec<_>>(), ["subjects.he"]);
        assert_eq!(draft.subjects.keys().collect::<Vec<_>>(), [&Lang::En], "a language not targeted is dropped");
        assert_eq!((draft.name.as_str(), draft.groups.len()), ("Spring", 1));
    }
}
