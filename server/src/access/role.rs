//! The roles an account can have (spec §3). What each may do is the permission table
//! (auth/permissions.rs); `admin` also sets the account's admin flag.

use std::fmt;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    #[default]
    User,
    Moderator,
    Editor,
    Admin,
}

impl Role {
    pub const ALL: [Role; 4] = [Role::User, Role::Moderator, Role::Editor, Role::Admin];

    /// How it is stored and sent.
    pub fn code(self) -> &'static str {
        match self {
            Self::User => "user",
            Self::Moderator => "moderator",
            Self::Editor => "editor",
            Self::Admin => "admin",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|role| role.code() == code)
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}
