import BuildSupport

BuildRunner.main(VintageAppleTool.source)
