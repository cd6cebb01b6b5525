"""aiosmtpd's Maildir handler, refusing some recipients as a real server would: `refused...` for good
(550 5.1.1), `busy...` for now (450 4.2.1). The e-mail tests start it with `-c refusing_mailbox.RefusingMailbox`."""

from aiosmtpd.handlers import Mailbox


class RefusingMailbox(Mailbox):
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        local = address.split("@")[0].lower()
        if local.startswith("refused"):
            return "550 5.1.1 <%s>: Recipient address rejected: User unknown" % address
        if local.startswith("busy"):
            return "450 4.2.1 <%s>: Mailbox busy, try again later" % address
        envelope.rcpt_tos.append(address)
        return "250 OK"
