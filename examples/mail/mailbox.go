package mail

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Message is one mail message.
type Message struct {
	ID      int
	From    string
	Subject string
	Body    string
	Unread  bool
}

// Mailbox is an in-memory mailbox, newest message last.
type Mailbox struct {
	Messages []Message
}

// Sample returns a small mailbox for the examples and tests.
func Sample() *Mailbox {
	var m Mailbox
	for i, s := range []struct{ from, subject, body string }{
		{"ana@example.com", "Quarterly report", "The quarterly report is attached. Revenue grew 12 percent."},
		{"bo@example.com", "Lunch?", "Lunch on Friday at noon?"},
		{"ana@example.com", "Re: Quarterly report", "Corrected figures: revenue grew 11 percent."},
		{"ci@example.com", "Build failed", "The nightly build failed on the report generator."},
		{"dee@example.com", "Welcome", "Welcome to the team! Your first report is due Monday."},
	} {
		m.Messages = append(m.Messages, Message{ID: i + 1, From: s.from, Subject: s.subject, Body: s.body, Unread: i%2 == 0})
	}
	return &m
}

// Search runs a search_mail call.
func (m *Mailbox) Search(in *SearchMailInput) string {
	q := strings.ToLower(in.Query)
	var hits []Message
	for _, msg := range m.Messages {
		if in.UnreadOnly && !msg.Unread {
			continue
		}
		if in.From != "" && !strings.Contains(msg.From, in.From) {
			continue
		}
		if q != "" && !strings.Contains(strings.ToLower(msg.Subject+"\n"+msg.Body), q) {
			continue
		}
		hits = append(hits, msg)
	}
	total := len(hits)
	hits = hits[min(in.Offset, len(hits)):]
	hits = hits[:min(in.Limit, len(hits))]
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d match(es)\n", len(hits), total)
	for _, msg := range hits {
		fmt.Fprintf(&b, "#%d %s: %s\n  %s\n", msg.ID, msg.From, msg.Subject, cut(msg.Body, in.MaxBodyBytes))
	}
	return b.String()
}

// cut shortens s to at most n bytes on a rune boundary.
func cut(s string, n int64) string {
	if int64(len(s)) <= n {
		return s
	}
	i := int(n)
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}
