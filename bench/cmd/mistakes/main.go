// Command mistakes runs the argument-mistakes corpus (testdata/mistakes)
// through normgen's generated decoders, normgen's rules derived from each
// case's schema, strict validation, mapstructure's weak decoding and the
// committed pydantic results, and prints the README's table.
//
// Usage, from the bench module:
//
//	go run ./cmd/mistakes [-classes] [-rejections KEY] [-corpus FILE] [-pydantic FILE]
//
// -classes also prints what each system recovers per mistake class;
// -rejections KEY prints the real cases the system KEY (normgen-generated,
// normgen-catalog, strict, weakdecode, pydantic) refuses, with its message.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"

	"github.com/normgen/normgen/bench/mistakes"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("mistakes: ")
	corpus := flag.String("corpus", "../testdata/mistakes/cases.json", "the corpus `FILE`")
	pyd := flag.String("pydantic", "mistakes/testdata/pydantic.json", "committed pydantic results `FILE`")
	classes := flag.Bool("classes", false, "also print the real cases each system recovers per class")
	rejections := flag.String("rejections", "", "print the real cases the system `KEY` refuses, with its message")
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	cases, err := mistakes.Load(*corpus)
	if err != nil {
		log.Fatal(err)
	}
	pr, err := mistakes.LoadPydantic(*pyd)
	if err != nil {
		log.Fatal(err)
	}
	r := mistakes.NewReport(cases, mistakes.Systems(pr)...)
	if *rejections != "" {
		fmt.Print(r.Rejections(*rejections))
		return
	}
	fmt.Print(r.Markdown())
	if *classes {
		fmt.Print("\n" + r.ByClass())
	}
}
