// Command mail-mcp serves normgen's example mailbox over stdio with
// github.com/modelcontextprotocol/go-sdk.
//
// Usage:
//
//	mail-mcp [-client-profile NAME=PROFILE ...]
//
// Each -client-profile serves the tool schemas in PROFILE (portable,
// typearray, gemini) to clients whose initialize request names NAME in
// clientInfo; every other client gets the portable default.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/normgen/normgen/examples/mail"
	"github.com/normgen/normgen/lenient"
)

// clientProfiles is the repeatable -client-profile NAME=PROFILE flag.
type clientProfiles map[string]lenient.Profile

func (c clientProfiles) String() string { return fmt.Sprint(map[string]lenient.Profile(c)) }

func (c clientProfiles) Set(v string) error {
	name, profile, ok := strings.Cut(v, "=")
	if !ok || name == "" {
		return fmt.Errorf("want NAME=PROFILE, got %q", v)
	}
	p, err := lenient.ParseProfile(profile)
	if err != nil {
		return err
	}
	c[name] = p
	return nil
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("mail-mcp: ")
	profiles := clientProfiles{}
	flag.Var(profiles, "client-profile", "serve schemas in `NAME=PROFILE` to the client named NAME (repeatable)")
	flag.Parse()
	s := mail.NewServer(mail.Sample())
	s.AddReceivingMiddleware(mail.ClientProfiles(mail.NormgenTools(), profiles))
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
