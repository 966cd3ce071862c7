# make release: one self-contained `serve` (Swift runtime linked in) and the seeds it imports,
# in dist/ — the directory to hand a colleague (docs/api.md, "One file to hand on").
# make check: the portability check CI runs (.ci/portability.py).

DIST ?= dist
UNAME := $(shell uname -s)

ifeq ($(UNAME),Linux)
RELEASE_FLAGS = -c release --static-swift-stdlib
else
# macOS ships the Swift runtime; a release build is already one binary.
RELEASE_FLAGS = -c release
endif

.PHONY: release check

release:
	swift build $(RELEASE_FLAGS) --product serve
	rm -rf $(DIST)
	mkdir -p $(DIST)/seeds
	cp "$$(swift build $(RELEASE_FLAGS) --show-bin-path)/serve" $(DIST)/serve
	cd seeds && find . -name "*.json" -o -name "*.har" | while read -r f; do mkdir -p "../$(DIST)/seeds/$$(dirname "$$f")" && cp "$$f" "../$(DIST)/seeds/$$f"; done
	@echo "$(DIST)/serve and $(DIST)/seeds: run $(DIST)/serve (it finds the seeds beside it)"

check:
	python3 .ci/portability.py --self-test
