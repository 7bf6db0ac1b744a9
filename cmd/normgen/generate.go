package main

import "log"

// runGenerate runs the default command: generate code for a package.
func runGenerate(args []string) int {
	log.Print("generation is not implemented yet")
	return 2
}
