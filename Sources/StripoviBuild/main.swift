import BuildSupport

BuildRunner.main(StripoviTool.source)
