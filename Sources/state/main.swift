import StateCLI

StateCommand.main()
